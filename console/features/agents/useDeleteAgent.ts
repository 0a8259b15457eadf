import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { UI_TIMING } from '../../../shared/defaults.js';
import { useToast } from '../../components/ToastProvider.js';
import { AGENT_TEXTS } from './agentTexts.js';
import { useAgentActions } from './api.js';

/**
 * Delete, then the success toast, then /agents after 1.5 s (spec part 1 §2, §9). `deleted` lets
 * the page lock its buttons during that wait.
 */
export function useDeleteAgent(agentId: string, agentName: string) {
  const { remove } = useAgentActions();
  const toast = useToast();
  const navigate = useNavigate();
  const [deleted, setDeleted] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const deleteAgent = async (): Promise<boolean> => {
    const ok = await remove(agentId);
    if (!ok) {
      toast.error(AGENT_TEXTS.deleteFailed);
      return false;
    }
    setDeleted(true);
    toast.success(AGENT_TEXTS.deleted(agentName));
    timer.current = setTimeout(() => navigate('/agents'), UI_TIMING.deleteRedirectMs);
    return true;
  };

  return { deleted, deleteAgent };
}
