/**
 * Closing a blocking modal (spec section 2): back to where the user came from when the list opened it, otherwise
 * (a bookmark, a link from elsewhere) to the screen itself, keeping its query ('hideGlobal' on a zone).
 */
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

export interface ModalState {
  fromList?: boolean;
}

export function useCloseModal(basePath: string): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  const fromList = (location.state as ModalState | null)?.fromList === true;
  return useCallback(() => {
    if (fromList) navigate(-1);
    else navigate(`${basePath}${location.search}`, { replace: true });
  }, [fromList, navigate, basePath, location.search]);
}
