/**
 * docs/upgrading.md: one `## X.Y.Z` section of notes per release, newest first. A release without
 * one gets a stub (the operator's usual steps, and the migrations it brings), to be edited before
 * the release commit when the release needs more.
 */
const RELEASE_HEADING = /^## (\d+\.\d+\.\d+)[ \t]*$/m;

const headingOf = (version: string) => new RegExp(`^## ${version.replace(/\./g, '\\.')}[ \\t]*$`, 'm');

export function hasNotes(text: string, version: string): boolean {
  return headingOf(version).test(text);
}

export function addNotesStub(text: string, version: string, newMigrations: string[]): string {
  if (hasNotes(text, version)) return text;
  const migrations =
    newMigrations.length === 0
      ? 'No migrations.'
      : `Migrations, applied by the \`migrate\` one-shot: ${newMigrations.map((name) => `\`${name}\``).join(', ')}.`;
  const stub = `## ${version}\n\nNothing to do beyond the usual steps above. ${migrations}\n\n`;
  const first = RELEASE_HEADING.exec(text);
  if (first) return `${text.slice(0, first.index)}${stub}${text.slice(first.index)}`;
  return `${text.trimEnd()}\n\n${stub.trimEnd()}\n`;
}

/** The notes of one release: its section without the heading ('' when it has none). */
export function notesOf(text: string, version: string): string {
  const heading = headingOf(version).exec(text);
  if (!heading) return '';
  const start = heading.index + heading[0].length;
  const next = text.slice(start).search(/^## /m);
  return text.slice(start, next === -1 ? undefined : start + next).trim();
}
