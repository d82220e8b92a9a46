// Reference lists the zone and slot screens choose from. Any signed-in user may read them: they name the
// network's products and formats, nothing of a publisher's.
import type { Handlers } from '../../http/handlers';
import type { components } from '../../../../openapi/portal';

type Schemas = components['schemas'];

export const referenceHandlers: Handlers = {
  async listSlotSizes({ db }) {
    return db.query<Schemas['SlotSize']>('SELECT id, name, width, height, is_flex AS flex FROM slot_sizes ORDER BY id');
  },

  async listImplementationTypes({ db, query }) {
    return db.query<Schemas['ImplementationType']>('SELECT id, name, type FROM implementation_types WHERE type = $1 ORDER BY id', [query.type]);
  },

  async listSlotPlacements({ db }) {
    return db.query<Schemas['SlotPlacement']>('SELECT id, name FROM slot_placements ORDER BY id');
  },

  async listServices({ db }) {
    return db.query<Schemas['Service']>('SELECT id, name, key, allowed_for_apps AS "allowedForApps" FROM services ORDER BY id');
  },
};
