export type * from './user.js';
export type * from './agent.js';
export type * from './session.js';
export type * from './tool.js';
export type * from './webchat.js';
export type * from './settings.js';
export type * from './api.js';
export { ROLES } from './user.js';
export { SETTING_KEYS, readSetting } from './settings.js';
