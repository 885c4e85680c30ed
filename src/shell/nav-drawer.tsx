import { useAtomValue } from 'jotai'
import { NavLink } from 'react-router-dom'
import type { NavItem } from '../../schemas/roles'
import { sessionAtom } from '../session/session-atoms'

export interface NavDrawerProps {
  open: boolean
  items: readonly NavItem[]
  /** Called after a link is followed (closes the overlay drawer on narrow screens). */
  onNavigate: () => void
}

/** The collapsible left navigation drawer: 340 px wide, 98% below 576 px (SPEC §2 "Shell", §9). */
export function NavDrawer({ open, items, onNavigate }: NavDrawerProps) {
  // The audit trail (issue 8, beyond SPEC §2) is the view-all role's only.
  const admin = useAtomValue(sessionAtom)?.view === 'viewAll' && items.length > 0
  return (
    <nav
      id="nav-drawer"
      className={`nav-drawer${open ? ' open' : ''}`}
      aria-label="Main navigation"
      hidden={!open}
    >
      <ul className="nav flex-column py-2">
        {items.map((item) => (
          <li className="nav-item" key={item.route}>
            <NavLink to={item.route} className="nav-link" onClick={onNavigate}>
              {item.label}
            </NavLink>
          </li>
        ))}
        {admin && (
          <li className="nav-item">
            <NavLink to="/Audit" className="nav-link" onClick={onNavigate}>
              Audit
            </NavLink>
          </li>
        )}
        {/* Certificate settings (issue #16.4): the organisation's name, address and logo, admins only. */}
        {admin && (
          <li className="nav-item">
            <NavLink to="/Settings" className="nav-link" onClick={onNavigate}>
              Certificate Settings
            </NavLink>
          </li>
        )}
      </ul>
    </nav>
  )
}
