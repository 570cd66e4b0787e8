/**
 * How old the version of a list in force may be, counted from when its files were last stored (the fetcher stores a
 * list only when its content changed, so this is how long since the publisher last changed it, or since the fetcher
 * last managed to store it). OFAC, the UN and the EU amend their lists several times a week, and never go a week
 * without; a version older than that means the hourly fetch is failing or the list was dropped, and names added
 * since are not screened. See `README.md` ("Lists").
 */
export const LIST_MAX_AGE_DAYS = 7;
