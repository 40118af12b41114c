/** The shared folder (it holds SPEC.md or data/), or null when none is found. */
export function findSharedDir(): string | null;
/** The shared folder, or its default place beside the checkout. */
export function sharedDir(): string;
