// The media store's public surface (ADR 0017): signed, expiring URLs over a local folder.
export {
  createMediaStore,
  contentTypeFor,
  
  
  
  signedMediaUrl,
  
  
  type MediaStore,
} from './media-store.ts';
export { registerMediaRoutes } from './media.routes.ts';
