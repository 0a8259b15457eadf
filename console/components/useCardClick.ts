import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';

/**
 * A card's onClick that opens `path`, leaving clicks on links inside the card (its name, which is
 * the keyboard way in) to the links themselves.
 */
export function useCardClick(path: string): (event: MouseEvent) => void {
  const navigate = useNavigate();
  return (event) => {
    if ((event.target as Element).closest('a')) return;
    navigate(path);
  };
}
