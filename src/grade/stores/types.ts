/** The store vocabulary lives with the proxy modules that inspect stores (src/proxies/store-types.ts). */
export type { HangarUpstream, McpindexPin, StoreContext, StoreInspection, Subject } from '../../proxies/store-types.js';
