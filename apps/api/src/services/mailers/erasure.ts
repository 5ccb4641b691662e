import type { PersonalDataEraser } from '../../platform/erasure.ts';
import { eraseUser } from './mailers.repository.ts';

/**
 * Account deletion (ADR 0046): the person's digest subscription and deliveries go; recipient rows
 * and authorship keep only the anonymised account's id, so the sent counts do not change.
 */
export const eraseMailersPersonalData: PersonalDataEraser = async (db, { idUser }) => eraseUser(db, idUser);
