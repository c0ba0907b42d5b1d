// Shared with the request schemas of contract/: plain functions, nothing else imported.
// Member text is stored as typed, minus what never belongs in it: control characters (NUL cannot
// even be stored) and, in one-line fields, line breaks that could split a mail header.

/** One line: every control character (line breaks and tabs included) becomes a space; trimmed. */
export function singleLine(text: string): string {
  return text.replace(/\p{Cc}+/gu, ' ').replace(/ {2,}/g, ' ').trim();
}

/** Several lines: line breaks normalized to \n, tabs kept, other control characters dropped; trimmed. */
export function multiLine(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(/(?![\n\t])\p{Cc}/gu, '').trim();
}
