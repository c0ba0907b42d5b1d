// Mantine's light red Alert writes its title in red.6, under 4.5:1 on its own background
// (axe: color-contrast); red.9 on the same background reads.
export const readableRed = { title: { color: 'var(--mantine-color-red-9)' } };
