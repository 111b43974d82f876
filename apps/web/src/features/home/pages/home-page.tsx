import { EntrySection } from '../components/entry-section';
import { HomeHero } from '../components/home-hero';
import { LibrarySection } from '../components/library-section';
import { WorkbenchStrip } from '../components/workbench-strip';
import { aiSection, boardSection, creatorSection, monitorSection } from '../home-sections';

/**
 * The home workbench (000 §2.2): keyword search, then every part of the product as entry cards. Its
 * stylesheet, styles/home.css, is imported by main.tsx after antd's: the page is in the entry chunk.
 */
export default function HomePage() {
  return (
    <div className="home-page" data-testid="home-page">
      <HomeHero />
      <div className="home-content">
        <WorkbenchStrip />
        <LibrarySection />
        <EntrySection section={boardSection} />
        <EntrySection section={aiSection} />
        <div className="home-split">
          <EntrySection section={creatorSection} />
          <EntrySection section={monitorSection} />
        </div>
      </div>
    </div>
  );
}
