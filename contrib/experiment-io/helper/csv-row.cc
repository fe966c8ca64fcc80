/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "csv-row.h"

#include <iomanip>

namespace ns3
{

CsvRow::CsvRow(const std::ostringstream& stream)
{
    m_values.flags(stream.flags());
    m_values.precision(stream.precision());
}

CsvRow
CsvRow::Fixed(int digits)
{
    std::ostringstream format;
    format << std::fixed << std::setprecision(digits);
    return CsvRow(format);
}

CsvRow
CsvRow::Significant(int digits)
{
    std::ostringstream format;
    format << std::setprecision(digits);
    return CsvRow(format);
}

std::string
CsvRow::Header() const
{
    std::string header;
    for (const std::string& column : m_columns)
    {
        header += (header.empty() ? "" : ",") + column;
    }
    return header;
}

std::string
CsvRow::Values() const
{
    return m_values.str();
}

void
CsvRow::Print(std::ostream& os, bool header) const
{
    if (header)
    {
        os << Header() << "\n";
    }
    os << Values() << std::endl;
}

} // namespace ns3
