/** The access policy of LearningCenter and LearningRoom: the centres and rooms a user sees and manages (access.ts registers it). */
import { eq } from 'drizzle-orm';
import { centers, rooms } from '../../db/schema';
import { POLICY_TEXT, allow, deny, ResourcePolicy } from '../policy';
import { affairCenter, centerAllowed } from './accounts';

/** A centre (its own id) or a room (the centre it is in): the table row, or the values of a create or update. */
export interface PlaceRow {
  centerId?: number | null;
}

export const centerPolicy: ResourcePolicy<PlaceRow, PlaceRow> = {
  scope(actor) {
    const center = affairCenter(actor);
    return center ? eq(centers.centerId, center) : 'all';
  },
  read: (actor, row) => (centerAllowed(actor, row.centerId) ? allow : deny(POLICY_TEXT.ownCenterPlaces)),
  create: (actor) => (affairCenter(actor) ? deny(POLICY_TEXT.ownCenterPlaces) : allow),
  update: (actor, row) => (centerAllowed(actor, row.centerId) ? allow : deny(POLICY_TEXT.ownCenterPlaces)),
  delete: (actor) => (affairCenter(actor) ? deny(POLICY_TEXT.ownCenterPlaces) : allow),
};

export const roomPolicy: ResourcePolicy<PlaceRow, PlaceRow> = {
  scope(actor) {
    const center = affairCenter(actor);
    return center ? eq(rooms.centerId, center) : 'all';
  },
  read: (actor, row) => (centerAllowed(actor, row.centerId) ? allow : deny(POLICY_TEXT.ownCenterPlaces)),
  create: (actor, row) => (centerAllowed(actor, row.centerId) ? allow : deny(POLICY_TEXT.ownCenterPlaces)),
  // a room stays in the actor's centre: it may not be moved out of it
  update: (actor, row, change) => (centerAllowed(actor, row.centerId) && centerAllowed(actor, change.centerId) ? allow : deny(POLICY_TEXT.ownCenterPlaces)),
  delete: (actor, row) => (centerAllowed(actor, row.centerId) ? allow : deny(POLICY_TEXT.ownCenterPlaces)),
};
