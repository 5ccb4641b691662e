/**
 * Escapes text for HTML element content and double- or single-quoted attribute values. The one
 * copy for the API (ADR 0051): the lock rules' preview paragraph, the editor's plain-text sections
 * and the e-mails all use it.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}
