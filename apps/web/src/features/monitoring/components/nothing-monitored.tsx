import { Link } from 'react-router';
import { NoData } from '../../../components';
import { ExampleOffer, type ExamplePage } from './example-mode';

/** The personal centre's 关键词监控 section, where monitors are added. */
export const SETTING_MONITOR_PATH = '/setting?type=detectiontDouyin';

export interface NothingMonitoredProps {
  text: string;
  /** The words of the link to the monitor setting. */
  settingLinkText: string;
  /** The page's example is shown: no offers then. */
  example: boolean;
  /** The page whose example is offered. */
  page: ExamplePage;
}

/** A monitoring view with nothing to show: the text, then the ways to add monitors and to the example. */
export function NothingMonitored({ text, settingLinkText, example, page }: NothingMonitoredProps) {
  return (
    <section className="surface-box mon-card">
      <NoData text={text} />
      {!example && (
        <div className="mon-offer">
          <Link to={SETTING_MONITOR_PATH}>{settingLinkText}</Link>
          <ExampleOffer path={page} />
        </div>
      )}
    </section>
  );
}
