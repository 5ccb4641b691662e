import type { ZodType } from 'zod';
import {
  CourseListResponseSchema,
  CourseResponseSchema,
  SavedListResponseSchema,
  SavedResponseSchema,
  VideoListResponseSchema,
  VideoResponseSchema,
} from '@fretline/contract';

/**
 * The contract's schemas of the calls the client checks by itself (see `contractSchemaFor` in
 * api-client.ts). A module of its own so the browser loads them with the first such call, not with
 * every page's first load (the video page's JavaScript budget, README).
 */
export const CONTRACT_RESPONSE_SCHEMAS = {
  courses: CourseListResponseSchema.shape.data,
  course: CourseResponseSchema.shape.data,
  videos: VideoListResponseSchema.shape.data,
  video: VideoResponseSchema.shape.data,
  savedList: SavedListResponseSchema.shape.data,
  saved: SavedResponseSchema.shape.data,
} satisfies Record<string, ZodType>;

export type ContractResponseName = keyof typeof CONTRACT_RESPONSE_SCHEMAS;
