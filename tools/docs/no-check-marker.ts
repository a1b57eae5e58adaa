/** The kit's own word in a fence's info string that opts it out of typechecking: ```` ```ts no-check ````. */
export const NO_CHECK_MARKER = 'no-check';
