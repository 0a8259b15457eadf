export { WebchatsPage } from './WebchatsPage.js';
export { WebchatPage } from './WebchatPage.js';
export { webchatKeys, useWebchat, useWebchats } from './api.js';
