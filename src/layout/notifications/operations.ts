/**
 * The operations spec section 4 names, ready for `notices.run(NOTICE_OPERATIONS.putZoneServices, call)`.
 * endpointName is the contract's operationId, so notices of one call replace each other and no other's.
 */
import type { NoticeOperation } from './NoticesProvider';

export const NOTICE_OPERATIONS = {
  putZoneServices: {
    endpointName: 'putZoneServices',
    pending: 'notifications.updatingEnabledProducts',
    success: 'notifications.updatedEnabledProducts',
  },
  deleteZoneService: {
    endpointName: 'deleteZoneService',
    pending: 'notifications.removingEnabledProduct',
    success: 'notifications.removedEnabledProduct',
  },
  addBlockedUrls: {
    endpointName: 'addBlockedUrls',
    pending: 'notifications.addingUrlBlocks',
    success: 'notifications.addedUrlBlocks',
  },
  deleteBlockedUrl: {
    endpointName: 'deleteBlockedUrl',
    pending: 'notifications.removingUrlBlocks',
    success: 'notifications.removedUrlBlocks',
  },
  requestSlots: {
    endpointName: 'requestSlots',
    pending: 'notifications.creatingZoneSlots',
    success: 'notifications.createdZoneSlots',
  },
  createRestrictions: {
    endpointName: 'createRestrictions',
    pending: 'notifications.creatingBlocks',
    success: 'notifications.createdBlocks',
  },
  deleteRestrictions: {
    endpointName: 'deleteRestrictions',
    pending: 'notifications.removingBlocks',
    success: 'notifications.removedBlocks',
  },
} as const satisfies Record<string, NoticeOperation>;
