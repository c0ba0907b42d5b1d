export const OUTPUTS: string[];
export function stampFile(root: string): string;
export function buildInputs(root: string): string;
export function buildIsCurrent(root: string): boolean;
