// The selected publisher's API keys (issue 29): listed, created by admins (the secret shown once), revoked.
export { ApiKeysPage } from './ApiKeysPage';
