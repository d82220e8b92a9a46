// The readable diff of each kind of history entry, in English and in French: blocks by name and type, renames,
// fields, products and self identifiers added and removed, URL blocks, slots, long lists counted, and the team's
// changes (issue 22: members, roles, invitations, the two-factor requirement, a second factor reset).
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { HistoryChange } from '../../../../src/resources/history/HistoryChange';
import type { Locale } from '../../../../src/i18n/locales';
import { renderWithAdmin } from '../../../support/renderWithAdmin';
import { ENTRIES } from './historyEntries';

async function sentences(entry: (typeof ENTRIES)[keyof typeof ENTRIES], locale: Locale) {
  const { container } = await renderWithAdmin(<HistoryChange entry={entry} />, { locale });
  await screen.findAllByText(/./);
  return [...container.querySelectorAll('p')].map((line) => line.textContent);
}

// French puts a no-break space before the colon and inside the guillemets, as its catalog does.
const FRENCH: Record<keyof typeof ENTRIES, string[]> = {
  zoneCreated: ['Zone « Atlas Sports » créée'],
  renamed: ['Nom changé de « Atlas Homepage » en « Atlas Front »'],
  statusChanged: ['Statut : Active → Inactive', 'Niveau de la zone : aucun → 3'],
  products: ['Produits ajoutés : In-Content', 'Produits retirés : InScreen'],
  urls: ['Blocages d’URL ajoutés : casino'],
  slots: ['Emplacements demandés : Top banner (728x90)'],
  blocks: ['Annonceurs bloqués : Solar Shoes', 'Domaines d’annonceurs bloqués : *.casino.example', 'Catégories IAB débloquées : Health & Fitness'],
  manyBlocks: ['Annonceurs bloqués : Advertiser 1, Advertiser 2, Advertiser 3, Advertiser 4, Advertiser 5, Advertiser 6, Advertiser 7, Advertiser 8 et 3 autres'],
  selfIdentifiers: ['Identifiants propres ajoutés à *.atlas.example : Black-owned', 'Identifiants propres retirés de *.atlas.example : Women-owned'],
  gdpr: ['Conditions de traitement des données RGPD acceptées'],
  memberJoined: ['Eddie Editor (editor@publisher.example) a rejoint l’équipe avec le rôle Éditeur'],
  memberRole: ['Rôle de Eddie Editor changé de Éditeur en Administrateur'],
  memberRemoved: ['Eddie Editor (editor@publisher.example) retiré de l’équipe (était Lecteur)'],
  invitationSent: ['Invitation envoyée à new@publisher.example avec le rôle Finance'],
  invitationRevoked: ['Invitation de new@publisher.example (Finance) révoquée'],
  requireTwoFactor: ['Connexion en deux étapes exigée de l’équipe'],
  twoFactorReset: ['Connexion en deux étapes désactivée pour Eddie Editor'],
  recoveryCodes: ['Nouveaux codes de récupération générés pour Eddie Editor'],
  adReported: ['Annonce 900012 de Solar Shoes signalée : Logiciel malveillant ou redirection'],
  adReportWithdrawn: ['Signalement de l’annonce 900012 de Solar Shoes retiré (Autre)'],
};

const EXPECTED: Record<'en' | 'fr', Record<keyof typeof ENTRIES, string[]>> = {
  en: {
    zoneCreated: ['Zone "Atlas Sports" created'],
    renamed: ['Renamed from "Atlas Homepage" to "Atlas Front"'],
    statusChanged: ['Status: Active → Inactive', 'Zone grade: none → 3'],
    // One label per product: the zones list's chips say 'InScreen', never the service's 'InScreen Ads' (issue 21).
    products: ['Products added: In-Content', 'Products removed: InScreen'],
    urls: ['URL blocks added: casino'],
    slots: ['Slots requested: Top banner (728x90)'],
    blocks: ['Advertisers blocked: Solar Shoes', 'Advertiser domains blocked: *.casino.example', 'IAB categories unblocked: Health & Fitness'],
    manyBlocks: ['Advertisers blocked: Advertiser 1, Advertiser 2, Advertiser 3, Advertiser 4, Advertiser 5, Advertiser 6, Advertiser 7, Advertiser 8 and 3 more'],
    selfIdentifiers: ['Self identifiers added to *.atlas.example: Black-owned', 'Self identifiers removed from *.atlas.example: Women-owned'],
    gdpr: ['GDPR data processing terms accepted'],
    memberJoined: ['Eddie Editor (editor@publisher.example) joined the team as Editor'],
    memberRole: ['Role of Eddie Editor changed from Editor to Admin'],
    memberRemoved: ['Eddie Editor (editor@publisher.example) removed from the team (was Viewer)'],
    invitationSent: ['Invitation sent to new@publisher.example as Finance'],
    invitationRevoked: ['Invitation of new@publisher.example (Finance) revoked'],
    requireTwoFactor: ['Two-factor sign-in required of the team'],
    twoFactorReset: ['Two-factor sign-in turned off for Eddie Editor'],
    recoveryCodes: ['New recovery codes generated for Eddie Editor'],
    // The reason in the report form's words (issue 28).
    adReported: ['Ad 900012 of Solar Shoes reported: Malware or redirect'],
    adReportWithdrawn: ['Report of ad 900012 of Solar Shoes taken back (Other)'],
  },
  fr: FRENCH,
};

describe('HistoryChange', () => {
  it('words the team changes in Japanese (issue 22)', async () => {
    expect(await sentences(ENTRIES.memberRole, 'ja')).toEqual(['Eddie Editorのロールを編集者から管理者に変更しました']);
    expect(await sentences(ENTRIES.invitationSent, 'ja')).toEqual(['new@publisher.exampleを経理として招待しました']);
  });

  for (const locale of ['en', 'fr'] as const) {
    for (const [name, lines] of Object.entries(EXPECTED[locale])) {
      it(`words a ${name} entry in ${locale}`, async () => {
        expect(await sentences(ENTRIES[name as keyof typeof ENTRIES], locale)).toEqual(lines);
      });
    }
  }
});
