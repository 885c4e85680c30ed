import { NavLink } from 'react-router-dom'
import type { NavItem } from '../../schemas/roles'

export interface NavDrawerProps {
  open: boolean
  items: readonly NavItem[]
  /** Called after a link is followed (closes the overlay drawer on narrow screens). */
  onNavigate: () => void
}

/** The collapsible left navigation drawer: 340 px wide, 98% below 576 px (SPEC §2 "Shell", §9). */
export function NavDrawer({ open, items, onNavigate }: NavDrawerProps) {
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
      </ul>
    </nav>
  )
}
