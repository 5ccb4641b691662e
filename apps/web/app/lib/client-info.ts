import { version } from '../../package.json';

/** Headers X-Client-App and X-Client-Version (product.md#calls): which client made a call, for the server's logs. */
export const CLIENT_APP = 'fretline-web';
export const CLIENT_VERSION: string = version;
