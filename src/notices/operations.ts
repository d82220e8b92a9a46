/**
 * The one catalog of operations that show notices (spec section 4 'Notifications'). The name is the
 * notices' endpointName, so an operation's notices replace each other and no other's; for a contract call it is
 * the call's operationId. `pending` and `success` are the spec's labels where it gives them; an operation
 * without them shows only its failure (the general error unless `failure` says otherwise).
 *
 *   notices.run('putZoneServices', () => call());   useWriteNotices('deleteBlockedUrl', { ... });   notices.fail('exportZones');
 */

export interface NoticeOperation {
  /** i18n key shown while the call runs (warning); none when absent. */
  pending?: string;
  /** i18n key shown when it succeeds (success, closes after 5000 ms); none when absent. */
  success?: string;
  /** i18n key shown when it fails (danger, never fades). Default errorMessages.general. */
  failure?: string;
}

export const NOTICE_OPERATIONS = {
  // Zones
  searchZones: {},
  exportZones: {},
  requestZone: { pending: 'zones.creating', success: 'zones.created', failure: 'zones.createFailed' },
  /** The new-zone form's invalid entries (spec section 5: an error toast that does not fade). */
  zoneEntries: {},
  updateZone: {},
  putZoneServices: { pending: 'notifications.updatingEnabledProducts', success: 'notifications.updatedEnabledProducts' },
  deleteZoneService: { pending: 'notifications.removingEnabledProduct', success: 'notifications.removedEnabledProduct' },
  addBlockedUrls: { pending: 'notifications.addingUrlBlocks', success: 'notifications.addedUrlBlocks' },
  deleteBlockedUrl: { pending: 'notifications.removingUrlBlocks', success: 'notifications.removedUrlBlocks' },
  requestSlots: { pending: 'notifications.creatingZoneSlots', success: 'notifications.createdZoneSlots' },
  exportSlotEmbedCodes: {},
  // Blocking
  /** The success names how many blocks and for whom (issue 30): values smart_count and target. */
  createRestrictions: { pending: 'notifications.creatingBlocks', success: 'notifications.createdBlocksFor' },
  deleteRestrictions: { pending: 'notifications.removingBlocks', success: 'notifications.removedBlocks' },
  deleteMatchingRestrictions: { pending: 'notifications.removingBlocks', success: 'notifications.removedBlocks' },
  changeRestrictions: { pending: 'notifications.changingBlocks', success: 'notifications.changedBlocks' },
  importRestrictions: { pending: 'notifications.creatingBlocks', success: 'notifications.createdBlocks' },
  checkRestrictionImport: {},
  exportRestrictions: {},
  // Payments
  exportPaymentLedger: {},
  // Account settings
  getAdsTxt: {},
  listZoneDomainSelfIdentifiers: {},
  saveZoneDomainSelfIdentifiers: {
    pending: 'accountSettings.inclusiveInventory.saving',
    success: 'accountSettings.inclusiveInventory.saved',
  },
  /** Spec section 8: any failure shows errorMessages.password, never fading; the page itself shows the success. */
  changePassword: { failure: 'errorMessages.password' },
  // Layout
  acceptGdpr: {},
  // History (issue 12)
  listHistory: {},
  undoHistoryEntry: { pending: 'history.undo.undoing', success: 'history.undo.undone' },
  // Revenue alerts (issue 23)
  listRevenueAlerts: {},
  updateRevenueAlertState: {},
  updateNotificationSettings: { pending: 'alerts.settings.saving', success: 'alerts.settings.saved' },
  // Team and security (issue 22)
  listMembers: {},
  updateMember: { pending: 'team.notices.updatingRole', success: 'team.notices.roleUpdated' },
  removeMember: { pending: 'team.notices.removing', success: 'team.notices.removed' },
  createInvitation: { pending: 'team.notices.inviting', success: 'team.notices.invited' },
  revokeInvitation: { pending: 'team.notices.revoking', success: 'team.notices.revoked' },
  setTwoFactorRequirement: { pending: 'team.notices.savingRequirement', success: 'team.notices.savedRequirement' },
  resetMemberTwoFactor: { pending: 'team.notices.resetting', success: 'team.notices.reset' },
  getTwoFactor: {},
  startTwoFactorSetup: {},
  confirmTwoFactor: { pending: 'security.twoFactor.turningOn', success: 'security.twoFactor.turnedOn' },
  disableTwoFactor: { pending: 'security.twoFactor.turningOff', success: 'security.twoFactor.turnedOff' },
  regenerateRecoveryCodes: { pending: 'security.regenerate.generating', success: 'security.regenerate.generated' },
  listSessions: {},
  endSession: { pending: 'security.sessions.ending', success: 'security.sessions.ended' },
  endOtherSessions: { pending: 'security.sessions.endingOthers', success: 'security.sessions.endedOthers' },
  // API keys (issue 29)
  createApiKey: { pending: 'apiKeys.notices.creating', success: 'apiKeys.notices.created' },
  revokeApiKey: { pending: 'apiKeys.notices.revoking', success: 'apiKeys.notices.revoked' },
  // Ad review center (issue 28)
  listCreatives: {},
  reportCreative: { pending: 'creatives.notices.reporting', success: 'creatives.notices.reported' },
  markCreativesVisited: { success: 'creatives.notices.visited' },
  /** Unblocking a creative from the review (the publisher's or a zone's block of it, as one change). */
  unblockCreative: { pending: 'notifications.removingBlocks', success: 'notifications.removedBlocks' },
  // The ads.txt monitor (issue 27)
  listAdsTxtSites: {},
  listFailingAdsTxtSites: {},
  /** Values: domain. A refusal for checking too often says when to try again (smart_count seconds, time). */
  checkAdsTxtSite: { pending: 'adsTxtMonitor.check.checking', success: 'adsTxtMonitor.check.checked' },
  setSellersJsonSetting: { pending: 'adsTxtMonitor.sellersJson.saving', success: 'adsTxtMonitor.sellersJson.saved' },
  copy: {},
  /** Reading: a refetch of data already on screen failed (useStaleDataNotice); its own warning, not a failure. */
  refetch: {},
} as const satisfies Record<string, NoticeOperation>;

export type OperationName = keyof typeof NOTICE_OPERATIONS;
