// The farm's mark: a brand-iron style "RC" over a creek line, drawn inline so
// the header needs no extra request.
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 48 48" className={className} aria-hidden="true" focusable="false">
      <circle cx="24" cy="24" r="22" fill="#f4f7ef" />
      <circle cx="24" cy="24" r="19" fill="none" stroke="#6f3b1a" strokeWidth="2.5" />
      <path
        d="M12 30c4-3 8-3 12 0s8 3 12 0"
        fill="none"
        stroke="#1f6f8b"
        strokeWidth="2.5"
        strokeLinecap="round"
      />
      <path
        d="M14 13l6 6 4-5 4 5 6-6-3 11H17z"
        fill="#3c5424"
        stroke="#243317"
        strokeWidth="1"
        strokeLinejoin="round"
      />
    </svg>
  );
}
