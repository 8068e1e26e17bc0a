import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { createAuthService } from '@/features/auth/api/auth-service.ts';
import { AppProvider } from './providers.tsx';
import { createAppRouter } from './router.tsx';

export function App() {
  const [router] = useState(createAppRouter);
  const [authService] = useState(() =>
    createAuthService((to) => void router.navigate(to, { replace: true })),
  );
  const sessionActor = useActorRef(authService);
  return (
    <AppProvider sessionActor={sessionActor}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
