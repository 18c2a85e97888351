// An Australian Business Number: 11 digits whose weighted sum, after taking 1
// from the first digit, divides by 89 (the ATO's published check).
const WEIGHTS = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];

export function isValidAbn(value: string): boolean {
  const digits = value.replace(/\s/g, "");
  if (!/^\d{11}$/.test(digits)) return false;
  const sum = [...digits].reduce(
    (total, digit, i) => total + (Number(digit) - (i === 0 ? 1 : 0)) * (WEIGHTS[i] ?? 0),
    0,
  );
  return sum % 89 === 0;
}
