// API keys (issue 29): a publisher's keys for scripts and tools.
import type { Handlers } from '../../http/handlers';
import { apiKeyHandlers } from './apiKeys';

export const apiKeysArea: Handlers = { ...apiKeyHandlers };
