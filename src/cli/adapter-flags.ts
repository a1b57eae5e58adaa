/** How a command was told to load its adapter, as commander parsed the flags. */
export interface AdapterFlags {
  readonly adapter?: string;
  readonly adapterCmd?: string;
  readonly import?: readonly string[];
  readonly tsconfig?: string;
}

/** The flags that load the adapter again as `flags` loaded it (`--adapter … --import … --tsconfig …`), for the commands a report prints to rerun a failure. */
export function adapterFlags(flags: AdapterFlags): string[] {
  return [...(flags.adapter === undefined ? [] : ['--adapter', flags.adapter]), ...(flags.adapterCmd === undefined ? [] : ['--adapter-cmd', flags.adapterCmd]), ...(flags.import ?? []).flatMap((module) => ['--import', module]), ...(flags.tsconfig === undefined ? [] : ['--tsconfig', flags.tsconfig])];
}
