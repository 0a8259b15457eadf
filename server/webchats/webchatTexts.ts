/** Server answers about bots and demos (spec part 2 §8 names 'Bot not found'). */
export const WEBCHAT_NOT_FOUND = 'Bot not found';
export const DEMO_NOT_FOUND = 'Demo not found';
