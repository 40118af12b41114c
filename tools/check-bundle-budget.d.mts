export const BUDGET_KB: number;
/** The scripts an HTML page loads before it runs: classic and module scripts, modulepreloads. */
export function htmlScripts(html: string): string[];
/** A module's static imports and re-exports. */
export function staticImports(code: string): string[];
