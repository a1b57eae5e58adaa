import manifest from '../../package.json' with { type: 'json' };

/** The kit's version, as machine-readable reports carry it. */
export const KIT_VERSION: string = manifest.version;
