// The signed-in user's own security (issue 22): two-factor sign-in and the active sessions.
export { SecurityPage } from './SecurityPage';
