// What the shell loads lazily: the admin app and the loader of its catalogs (react-admin's own messages
// included), kept out of the entry chunk so the public pages stay small.
export { App } from './App';
export { preloadAdminMessages } from './i18n/i18nProvider';
