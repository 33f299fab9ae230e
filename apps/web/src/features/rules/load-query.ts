/** The admin rules query, fetched with the rules page's code rather than with every page's (the landing budget). */
export const loadAdminRulesQuery = () => import('./api.js').then((m) => m.adminRulesQuery);
