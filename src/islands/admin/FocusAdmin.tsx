import { activityConfig, type ActivityRow } from './activity-config.tsx';
import { StandalonePanel } from './StandalonePanel.tsx';

/** /data-management/focus: the current activities, one of which is the focus on the dashboard pill. */
export default function FocusAdmin({ activities }: { activities: ActivityRow[] }) {
  return <StandalonePanel config={activityConfig} items={activities} />;
}
