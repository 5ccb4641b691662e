/** User derived values (product.md#entities). */

/** Upper-cases the first letter and keeps the rest, so "mcDonald" stays recognisable ("McDonald"). */
export function capitalise(value: string): string {
  const trimmed = value.trim();
  return trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
}

/** Shown only when both names exist (product.md#entities); each capitalised. Null otherwise. */
export function fullName(person: { first_name: string | null; last_name: string | null }): string | null {
  const first = person.first_name?.trim();
  const last = person.last_name?.trim();
  if (!first || !last) return null;
  return `${capitalise(first)} ${capitalise(last)}`;
}

/** The upper-case first letter of the first name (product.md#entities); '' when there is no first name. */
export function profileLetter(person: { first_name: string | null }): string {
  return (person.first_name?.trim().charAt(0) ?? '').toUpperCase();
}

/** A capitalised first name, or null when there is none: how e-mails and short labels greet someone. */
export function firstName(person: { first_name: string | null }): string | null {
  const first = person.first_name?.trim();
  return first ? capitalise(first) : null;
}

/**
 * What every page and e-mail calls a person: the full name (product.md#entities) when both names exist, else the
 * capitalised first name, else the e-mail address, else `fallback`. One rule, so the header menu, the
 * staff inbox and the e-mails never disagree on how a name is written.
 */
export function displayName(
  person: { first_name: string | null; last_name: string | null; email?: string | null },
  fallback: string,
): string {
  return fullName(person) ?? firstName(person) ?? (person.email?.trim() || fallback);
}
