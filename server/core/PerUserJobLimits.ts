/** How much of a kind of long request one user may run: at once, and started per window. */
export interface PerUserJobLimits {
  maxRunningPerUser: number;
  rateLimit: { max: number; windowMs: number };
}
