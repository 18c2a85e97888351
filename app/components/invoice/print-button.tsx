// The invoice's Print button: the one part of the guest's invoice page that
// needs a script, so an island there (decision 0022) and plain React in the back office.
export default function PrintButton({ className }: { className: string }) {
  return (
    <button type="button" onClick={() => window.print()} className={className}>
      Print
    </button>
  );
}
