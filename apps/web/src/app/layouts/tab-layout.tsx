import { Outlet } from 'react-router-dom';
import { TabBar } from '../tab-bar';

/** Home, AI chat and Mine: the page above, the bottom tab bar below. */
export function TabLayout() {
  return (
    <div className="tab-layout">
      <div className="tab-layout__page">
        <Outlet />
      </div>
      <TabBar />
    </div>
  );
}
