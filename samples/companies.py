"""The fictional companies of the sample corpus: identity, people, structure and sector profile.

The pool is fixed and ordered so that even a small corpus (the first four companies)
contains the cross-links the graph questions need: two pairs sharing an auditor and
two companies naming each other as competitors. The seed varies the numbers, not who
the companies are, so a question about "Northwind Robotics" means the same company in
every generated corpus.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class SectorProfile:
    """Ranges the financial model draws from; shaped loosely after real sector averages."""

    revenue_millions: tuple[float, float]  # size of the first simulated year
    growth: tuple[float, float]  # yearly revenue growth
    gross_margin: tuple[float, float]
    rnd_share: tuple[float, float]  # research and development / revenue
    sga_share: tuple[float, float]
    capex_share: tuple[float, float]
    inventory_days: tuple[float, float]
    payout: tuple[float, float]  # dividends / net income


SECTORS: dict[str, SectorProfile] = {
    "Technology": SectorProfile((800, 6000), (0.06, 0.18), (0.52, 0.70), (0.12, 0.18), (0.14, 0.20), (0.03, 0.06), (20, 45), (0.10, 0.25)),
    "Consumer Staples": SectorProfile((2000, 12000), (0.01, 0.06), (0.34, 0.45), (0.01, 0.02), (0.18, 0.24), (0.03, 0.05), (40, 70), (0.45, 0.65)),
    "Industrials": SectorProfile((1500, 9000), (0.02, 0.09), (0.26, 0.36), (0.03, 0.05), (0.10, 0.15), (0.04, 0.07), (60, 100), (0.25, 0.40)),
    "Health Care": SectorProfile((1000, 8000), (0.04, 0.12), (0.58, 0.72), (0.14, 0.20), (0.22, 0.28), (0.03, 0.05), (80, 130), (0.20, 0.40)),
    "Energy": SectorProfile((3000, 15000), (-0.04, 0.08), (0.28, 0.40), (0.005, 0.015), (0.06, 0.09), (0.10, 0.16), (15, 30), (0.35, 0.55)),
    "Retail": SectorProfile((2500, 14000), (0.02, 0.08), (0.32, 0.40), (0.003, 0.008), (0.18, 0.22), (0.025, 0.045), (55, 90), (0.20, 0.35)),
}


@dataclass(frozen=True)
class Company:
    name: str  # canonical short name, e.g. "Northwind Robotics"
    legal_name: str  # as on the cover, e.g. "Northwind Robotics, Inc."
    ticker: str
    exchange: str  # "NASDAQ" or "NYSE"
    sector: str  # key of SECTORS
    description: str  # what the company does, one clause
    headquarters: str
    fiscal_year_end: tuple[int, int]  # (month, day)
    segments: tuple[str, ...]
    subsidiaries: tuple[str, ...]
    brands: tuple[str, ...]
    competitors: tuple[str, ...]  # as named in Item 1; some are other companies of the pool
    ceo: str
    cfo: str
    auditor: str
    auditor_city: str

    @property
    def slug(self) -> str:
        return "-".join(self.name.lower().split())


AUDITORS = {
    "Whitfield & Crane LLP": "Chicago, Illinois",
    "Ashby Marlow LLP": "New York, New York",
    "Pembroke Hale LLP": "Houston, Texas",
    "Thornbury Kline LLP": "Boston, Massachusetts",
}


def _company(**kw) -> Company:
    kw["auditor_city"] = AUDITORS[kw["auditor"]]
    return Company(**kw)


POOL: tuple[Company, ...] = (
    _company(
        name="Northwind Robotics", legal_name="Northwind Robotics, Inc.", ticker="NWRB", exchange="NASDAQ",
        sector="Technology", description="designs and sells industrial and service robots and the software that runs them",
        headquarters="Austin, Texas", fiscal_year_end=(12, 31),
        segments=("Industrial Automation", "Service Robotics", "Software and Services"),
        subsidiaries=("Northwind Automation GmbH", "Kestrel Vision Systems LLC"),
        brands=("NavArm", "KestrelEye", "FleetPilot"),
        competitors=("Helix Dynamics", "Apex Automation", "Stratus Machines"),
        ceo="Elena Marquez", cfo="David Okafor", auditor="Whitfield & Crane LLP",
    ),
    _company(
        name="Harvest Table Foods", legal_name="Harvest Table Foods Corporation", ticker="HTFC", exchange="NYSE",
        sector="Consumer Staples", description="makes packaged meals, snacks and beverages sold in grocery and club stores",
        headquarters="Minneapolis, Minnesota", fiscal_year_end=(6, 30),
        segments=("Packaged Meals", "Snacks", "Beverages"),
        subsidiaries=("Harvest Table Canada Ltd.", "Prairie Mill Bakeries LLC"),
        brands=("Harvest Table", "Crunch Creek", "Sunup Orchard"),
        competitors=("Golden Prairie Brands", "Orchard Lane Beverages", "Maple Hearth Foods"),
        ceo="Margaret Lindqvist", cfo="Samuel Adeyemi", auditor="Whitfield & Crane LLP",
    ),
    _company(
        name="Helix Dynamics", legal_name="Helix Dynamics Corp.", ticker="HLXD", exchange="NASDAQ",
        sector="Technology", description="builds motion-control chips, sensors and machine-vision software",
        headquarters="San Jose, California", fiscal_year_end=(9, 30),
        segments=("Semiconductors", "Sensors", "Vision Software"),
        subsidiaries=("Helix Microsystems B.V.", "Quillon Sensors Inc."),
        brands=("HelixCore", "Quillon", "ClearSight"),
        competitors=("Northwind Robotics", "Lumen Peak Software", "Vireo Silicon"),
        ceo="Rajesh Iyer", cfo="Caroline Brandt", auditor="Ashby Marlow LLP",
    ),
    _company(
        name="Meridian Health Systems", legal_name="Meridian Health Systems, Inc.", ticker="MHSI", exchange="NYSE",
        sector="Health Care", description="develops diagnostic instruments, medical devices and laboratory services",
        headquarters="Nashville, Tennessee", fiscal_year_end=(12, 31),
        segments=("Diagnostics", "Medical Devices"),
        subsidiaries=("Meridian Labs LLC", "CardioVista Medical Ltd."),
        brands=("CardioVista", "Meridian Rapid", "PulseTrack"),
        competitors=("Vantage Therapeutics", "Alder Biomedical", "Crestline Diagnostics"),
        ceo="Thomas Whitaker", cfo="Priya Raman", auditor="Ashby Marlow LLP",
    ),
    _company(
        name="Bluestone Energy", legal_name="Bluestone Energy Corp.", ticker="BLSE", exchange="NYSE",
        sector="Energy", description="explores for, produces and transports natural gas and crude oil",
        headquarters="Houston, Texas", fiscal_year_end=(12, 31),
        segments=("Upstream", "Midstream", "Refining and Marketing"),
        subsidiaries=("Bluestone Pipeline Partners LLC", "Permian Flats Operating Co."),
        brands=("Bluestone", "FlatRock Fuels"),
        competitors=("Redwood Grid Solutions", "Granite Basin Petroleum", "Sable Ridge Oil"),
        ceo="Walter Hendricks", cfo="Nadia Petrova", auditor="Pembroke Hale LLP",
    ),
    _company(
        name="Golden Prairie Brands", legal_name="Golden Prairie Brands, Inc.", ticker="GPBI", exchange="NYSE",
        sector="Consumer Staples", description="produces breakfast cereals, dairy products and pet food",
        headquarters="Kansas City, Missouri", fiscal_year_end=(9, 30),
        segments=("Cereals", "Dairy", "Pet Care"),
        subsidiaries=("Golden Prairie Dairy Co.", "Trailmate Pet Foods LLC"),
        brands=("Golden Prairie", "Trailmate", "Morning Field"),
        competitors=("Harvest Table Foods", "Orchard Lane Beverages", "Maple Hearth Foods"),
        ceo="Katherine Doyle", cfo="Miguel Santos", auditor="Pembroke Hale LLP",
    ),
    _company(
        name="Ironclad Industrial", legal_name="Ironclad Industrial Group, Inc.", ticker="ICIG", exchange="NYSE",
        sector="Industrials", description="manufactures heavy equipment, hydraulic systems and replacement parts",
        headquarters="Milwaukee, Wisconsin", fiscal_year_end=(12, 31),
        segments=("Construction Equipment", "Hydraulics", "Aftermarket Parts"),
        subsidiaries=("Ironclad Hydraulics GmbH", "Torque Masters Inc."),
        brands=("Ironclad", "TorqueMaster"),
        competitors=("Cobalt Freight Systems", "Anvil Heavy Industries", "Northwind Robotics"),
        ceo="Gregory Baines", cfo="Lucia Fernandez", auditor="Whitfield & Crane LLP",
    ),
    _company(
        name="Coastline Retail", legal_name="Coastline Retail Holdings, Inc.", ticker="CSTL", exchange="NYSE",
        sector="Retail", description="operates home goods and apparel stores and an e-commerce marketplace",
        headquarters="Charlotte, North Carolina", fiscal_year_end=(12, 31),
        segments=("Stores", "Digital"),
        subsidiaries=("Coastline Online LLC", "Harbor Home Stores Inc."),
        brands=("Coastline", "Harbor Home", "Tidewater Apparel"),
        competitors=("Summit Ridge Outfitters", "Parkway Department Stores", "Beacon Mart"),
        ceo="Angela Brooks", cfo="Henry Caldwell", auditor="Ashby Marlow LLP",
    ),
    _company(
        name="Vantage Therapeutics", legal_name="Vantage Therapeutics, Inc.", ticker="VNTX", exchange="NASDAQ",
        sector="Health Care", description="discovers and markets treatments for cardiovascular and metabolic diseases",
        headquarters="Cambridge, Massachusetts", fiscal_year_end=(6, 30),
        segments=("Cardiovascular", "Metabolic Diseases"),
        subsidiaries=("Vantage Biologics Ireland Ltd.", "Corvell Pharma Inc."),
        brands=("Cardiquel", "Metavance"),
        competitors=("Meridian Health Systems", "Alder Biomedical", "Novaris Pharma"),
        ceo="Julian Prescott", cfo="Hannah Osei", auditor="Thornbury Kline LLP",
    ),
    _company(
        name="Summit Ridge Outfitters", legal_name="Summit Ridge Outfitters, Inc.", ticker="SRDG", exchange="NASDAQ",
        sector="Retail", description="sells outdoor apparel, footwear and camping gear in stores and online",
        headquarters="Denver, Colorado", fiscal_year_end=(9, 30),
        segments=("Apparel", "Footwear", "Equipment"),
        subsidiaries=("Summit Ridge Canada Inc.", "Trailhead Footwear LLC"),
        brands=("Summit Ridge", "Trailhead", "Alpenglow"),
        competitors=("Coastline Retail", "Beacon Mart", "Timberline Sports"),
        ceo="Oliver Grant", cfo="Sofia Moretti", auditor="Thornbury Kline LLP",
    ),
    _company(
        name="Redwood Grid Solutions", legal_name="Redwood Grid Solutions, Inc.", ticker="RWGS", exchange="NYSE",
        sector="Energy", description="develops solar and wind farms and sells power under long-term contracts",
        headquarters="Sacramento, California", fiscal_year_end=(12, 31),
        segments=("Solar Generation", "Wind Generation", "Grid Services"),
        subsidiaries=("Redwood Solar Holdings LLC", "Sierra Wind Partners LP"),
        brands=("Redwood Power",),
        competitors=("Bluestone Energy", "Clearwater Renewables", "Sable Ridge Oil"),
        ceo="Diane Kowalski", cfo="Marcus Bell", auditor="Pembroke Hale LLP",
    ),
    _company(
        name="Cobalt Freight Systems", legal_name="Cobalt Freight Systems, Inc.", ticker="CBFS", exchange="NASDAQ",
        sector="Industrials", description="provides trucking, rail brokerage and warehouse logistics",
        headquarters="Memphis, Tennessee", fiscal_year_end=(6, 30),
        segments=("Truckload", "Intermodal", "Logistics"),
        subsidiaries=("Cobalt Logistics LLC", "Delta Rail Brokerage Inc."),
        brands=("Cobalt Freight", "CobaltLink"),
        competitors=("Ironclad Industrial", "Meridian Freightways", "Arrowline Transport"),
        ceo="Raymond Foster", cfo="Grace Liu", auditor="Thornbury Kline LLP",
    ),
    _company(
        name="Lumen Peak Software", legal_name="Lumen Peak Software, Inc.", ticker="LMPK", exchange="NASDAQ",
        sector="Technology", description="sells cloud analytics and security software by subscription",
        headquarters="Seattle, Washington", fiscal_year_end=(6, 30),
        segments=("Cloud Analytics", "Security"),
        subsidiaries=("Lumen Peak UK Ltd.", "Sentrybyte Inc."),
        brands=("LumenIQ", "Sentrybyte"),
        competitors=("Helix Dynamics", "Cirrus Data Corp.", "Vireo Silicon"),
        ceo="Natalie Chen", cfo="Benjamin Avery", auditor="Whitfield & Crane LLP",
    ),
    _company(
        name="Orchard Lane Beverages", legal_name="Orchard Lane Beverages Co.", ticker="OLBV", exchange="NYSE",
        sector="Consumer Staples", description="bottles juices, sparkling water and iced teas",
        headquarters="Portland, Oregon", fiscal_year_end=(12, 31),
        segments=("Juices", "Sparkling Water", "Teas"),
        subsidiaries=("Orchard Lane Bottling LLC",),
        brands=("Orchard Lane", "Fizzwell", "Leafside Tea"),
        competitors=("Harvest Table Foods", "Golden Prairie Brands", "Brightwater Drinks"),
        ceo="Patrick Nolan", cfo="Ingrid Solberg", auditor="Ashby Marlow LLP",
    ),
)

# Names that never appear in any report: subjects of unanswerable questions.
ABSENT_COMPANIES = ("Bluewater Aerospace", "Quantum Harbor Bank", "Silverline Telecom")


def select_companies(count: int) -> list[Company]:
    if not 1 <= count <= len(POOL):
        raise ValueError(f"companies must be between 1 and {len(POOL)}, got {count}")
    return list(POOL[:count])
