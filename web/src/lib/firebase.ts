import { initializeApp } from 'firebase/app';
import {
  browserLocalPersistence,
  browserPopupRedirectResolver,
  browserSessionPersistence,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
  type Auth,
} from 'firebase/auth';
import { env } from '@/config/env.ts';

let instance: Auth | undefined;

/** The Firebase Auth instance, created on first use (tests never touch it). */
export function firebaseAuth(): Auth {
  if (instance) return instance;
  const app = initializeApp(env.firebase);
  // The session survives reloads; the first storage that works wins (spec section 4).
  instance = initializeAuth(app, {
    persistence: [indexedDBLocalPersistence, browserLocalPersistence, browserSessionPersistence],
    popupRedirectResolver: browserPopupRedirectResolver,
  });
  if (env.authEmulatorUrl) {
    connectAuthEmulator(instance, env.authEmulatorUrl, { disableWarnings: true });
  }
  return instance;
}
