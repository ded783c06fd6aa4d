/**
 * @stream/core/machines: one XState v5 machine per flow, each with a `connect` function that
 * turns a snapshot into what a view needs. State charts: docs/flows/.
 */
export * from './session.machine.js';
export * from './session.connect.js';
export * from './idSignIn.machine.js';
export * from './idSignIn.connect.js';
export * from './signUp.machine.js';
export * from './signUp.connect.js';
export * from './credentialsForm.machine.js';
export * from './credentialsForm.connect.js';
export * from './labels.machine.js';
export * from './labels.connect.js';
export * from './language.js';
export * from './subscription.machine.js';
export * from './subscription.connect.js';
export * from './priceMigration.machine.js';
export * from './priceMigration.connect.js';
export * from './player.machine.js';
export * from './player.connect.js';
export * from './payment.machine.js';
export * from './payment.connect.js';
export * from './purchaseJourney.machine.js';
export * from './purchaseJourney.connect.js';
export * from './purchaseJourney.input.js';
export * from './payment.client.js';
export * from './passwordReset.machine.js';
export * from './passwordReset.connect.js';
export * from './magicLink.machine.js';
export * from './magicLink.connect.js';
export * from './emailConfirmation.machine.js';
export * from './emailConfirmation.connect.js';
export * from './oidcSignIn.machine.js';
export * from './oidcSignIn.connect.js';
