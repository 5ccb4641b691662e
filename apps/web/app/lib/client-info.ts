import { version } from '../../package.json';

/** Spec §7 headers X-Client-App and X-Client-Version: which client made a call, for the server's logs. */
export const CLIENT_APP = 'fretline-web';
export const CLIENT_VERSION: string = version;
