/** A parsed plan of the simulated ACP child server (flags in `acp-child-server.mjs`). */
export interface AcpChildPlan {
  readonly wireId: string;
  readonly pidFile: string | undefined;
}

/** A plan flag that is unknown, lacks its value or has a bad one. */
export declare class PlanError extends Error {}

/** The plan of `argv`; throws {@link PlanError}. */
export declare function parsePlan(argv: readonly string[]): AcpChildPlan;

/** Where the server writes, and how it ends once what it wrote is delivered. */
export interface AcpChildIo {
  write(text: string): void;
  exit(code: number): void;
}

/** What a transport feeds the server: an input line, the end of its input, SIGTERM. */
export interface AcpChildInput {
  receive(line: string): void;
  endInput(): void;
  terminate(): void;
}

/** Serves `plan` over `io`. */
export declare function serve(plan: AcpChildPlan, io: AcpChildIo): AcpChildInput;
