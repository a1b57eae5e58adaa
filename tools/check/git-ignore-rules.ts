import ignore, { type Ignore } from 'ignore';

/**
 * The `.gitignore` files of a repository, read as git reads them, with the `ignore` library: each
 * file's patterns apply to the paths below its folder, and a deeper file's verdict (an ignore or
 * a `!` re-include) overrides a shallower one's. Paths are relative to the repository root, with
 * `/` separators; a folder is asked about with a trailing `/`, so folder-only patterns (`lib/`)
 * apply to it.
 */
export class GitIgnoreRules {
  private readonly files: { readonly dir: string; readonly rules: Ignore }[] = [];

  /** Adds the text of the `.gitignore` in `dir` (`''` for the root); call parents before their folders. */
  add(dir: string, text: string): void {
    this.files.push({ dir, rules: ignore().add(text) });
  }

  /** Whether git ignores `path` (or, for a path in an ignored folder, that folder). */
  ignores(path: string): boolean {
    let ignored = false;
    for (const { dir, rules } of this.files) {
      if (dir !== '' && !path.startsWith(`${dir}/`)) continue;
      const verdict = rules.test(dir === '' ? path : path.slice(dir.length + 1));
      if (verdict.ignored) ignored = true;
      else if (verdict.unignored) ignored = false;
    }
    return ignored;
  }
}
