/** Spec §3 User derived values. */

/** Upper-cases the first letter and keeps the rest, so "mcDonald" stays recognisable ("McDonald"). */
export function capitalise(value: string): string {
  const trimmed = value.trim();
  return trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
}

/** Spec §3: shown only when both names exist; each capitalised. Null otherwise. */
export function fullName(person: { first_name: string | null; last_name: string | null }): string | null {
  const first = person.first_name?.trim();
  const last = person.last_name?.trim();
  if (!first || !last) return null;
  return `${capitalise(first)} ${capitalise(last)}`;
}

/** Spec §3: the upper-case first letter of the first name; '' when there is no first name. */
export function profileLetter(person: { first_name: string | null }): string {
  return (person.first_name?.trim().charAt(0) ?? '').toUpperCase();
}
