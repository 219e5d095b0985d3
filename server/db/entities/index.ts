import { AppSecret } from './app-secret.js';
import { AuthEvent } from './auth-event.js';
import { Hospital } from './hospital.js';
import { Invite } from './invite.js';
import { LoginFailure } from './login-failure.js';
import { Passkey } from './passkey.js';
import { Session } from './session.js';
import { User } from './user.js';
import { Ward } from './ward.js';
import { WebauthnChallenge } from './webauthn-challenge.js';

export { AppSecret, AuthEvent, Hospital, Invite, LoginFailure, Passkey, Session, User, Ward, WebauthnChallenge };
export const entities = [Hospital, Ward, User, Session, Invite, LoginFailure, AuthEvent, AppSecret, Passkey, WebauthnChallenge];
