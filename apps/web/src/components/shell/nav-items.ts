import {
  CalendarDays,
  ClipboardList,
  Hourglass,
  LayoutDashboard,
  type LucideIcon,
  MapPin,
  PhoneCall,
  ShieldCheck,
  Stethoscope,
  Users,
} from "lucide-react";

export interface NavItem {
  label: string;
  /** Paths from spec 000 §2. Those whose pages are not built yet show the 404 page inside the shell. */
  to: string;
  icon: LucideIcon;
  /** What the dashboard card says about the section. */
  description: string;
}

export const homeItem: NavItem = {
  label: "Dashboard",
  to: "/dashboard",
  icon: LayoutDashboard,
  description: "Visão geral da sua conta",
};

export const sectionItems: readonly NavItem[] = [
  {
    label: "Locais de Atendimento",
    to: "/dashboard/local-atendimento",
    icon: MapPin,
    description: "Cadastre seus locais de atendimento, com endereço e telefone.",
  },
  {
    label: "Profissionais",
    to: "/dashboard/profissionais",
    icon: Stethoscope,
    description: "Gerencie os profissionais que atendem seus clientes.",
  },
  {
    label: "Serviços",
    to: "/dashboard/servicos",
    icon: ClipboardList,
    description: "Defina os serviços oferecidos, com duração e preço.",
  },
  {
    label: "Agendas",
    to: "/dashboard/agendas",
    icon: CalendarDays,
    description: "Configure as disponibilidades e acompanhe os agendamentos.",
  },
  {
    label: "Pacientes",
    to: "/dashboard/pacientes",
    icon: Users,
    description: "Consulte e mantenha o cadastro dos seus pacientes.",
  },
  {
    label: "Atendimentos",
    to: "/dashboard/atendimentos",
    icon: PhoneCall,
    description: "Histórico de ligações com gravações e transcrições.",
  },
];

/**
 * The waitlist, under the agenda (docs/decisions/0046-waitlist.md): in the menu after 'Agendas', not among the home
 * page's cards (the spec's six stay).
 */
export const waitlistItem: NavItem = {
  label: "Lista de Espera",
  to: "/dashboard/agendas/lista-espera",
  icon: Hourglass,
  description: "Pacientes aguardando um horário que vagar.",
};

/** The menu's sections: the home page's, with the waitlist after 'Agendas'. */
const menuSections: readonly NavItem[] = sectionItems.flatMap((item) =>
  item.to === "/dashboard/agendas" ? [item, waitlistItem] : [item],
);

export const superAdminItem: NavItem = {
  label: "Super Admin",
  to: "/dashboard/super-admin",
  icon: ShieldCheck,
  description: "Selecione um tenant para operar como super administrador.",
};

export function navItemsFor(isSuperAdmin: boolean): NavItem[] {
  return isSuperAdmin ? [homeItem, ...menuSections, superAdminItem] : [homeItem, ...menuSections];
}
