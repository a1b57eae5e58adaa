/** The seed used when none is given: fixed, so a default run is reproducible (and printed). */
export const DEFAULT_SEED = 202611;
