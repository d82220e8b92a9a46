/**
 * /login inside the admin (after a logout). react-admin caches its 'is the user signed in' answer; refreshing
 * it before moving on keeps the admin from sending the freshly signed-in user back to /login.
 */
import { useNavigate } from 'react-router-dom';
import { useAuthState } from 'react-admin';
import { LoginPage } from './LoginPage';

export function AdminLoginRoute() {
  const { refetch } = useAuthState(undefined, false, { enabled: false });
  const navigate = useNavigate();
  return (
    <LoginPage
      onSignedIn={async (to) => {
        await refetch();
        navigate(to);
      }}
    />
  );
}
