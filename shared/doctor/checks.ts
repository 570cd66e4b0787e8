/** One finding of the doctor: what was checked, whether it holds, and what to do when it does not. */
export type Finding = { check: string; ok: boolean; detail: string; fix?: string };

export const ok = (check: string, detail: string): Finding => ({ check, ok: true, detail });
export const problem = (check: string, detail: string, fix: string): Finding => ({ check, ok: false, detail, fix });
