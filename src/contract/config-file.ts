/** The kit's configuration file, looked up in the working directory: one key per command that reads it (`conform`, `lint`, `docs`, `graph`). */
export const CONFIG_FILE_NAME = 'agent-identity-kit.config.json';

/** The keys of the configuration file: the commands that read it. */
export const CONFIG_SECTIONS = ['conform', 'lint', 'docs', 'graph'] as const;
